import type { ErrorDefinition } from './errors.ts';

/** chat part of the error catalogue (issue 18; errors.ts spreads it into ERROR_CATALOGUE). */
export const CHAT_ERRORS = {
  'Chat.ConversationNotFound': {
    status: 404,
    'zh-CN': '会话不存在或已无法访问',
    'en-US': 'This conversation does not exist or is not available to you',
  },
  'Chat.ConversationClosed': {
    status: 409,
    'zh-CN': '该会话已结束，请发起新的咨询',
    'en-US': 'This conversation has ended. Please start a new one',
  },
  'Chat.VisitorTokenInvalid': {
    status: 401,
    'zh-CN': '会话凭证无效或已过期，请重新发起咨询',
    'en-US': 'Your chat link is invalid or has expired. Please start a new conversation',
  },
  'Chat.EmailRequired': {
    status: 400,
    'zh-CN': '请填写您的邮箱，以便客服回复您',
    'en-US': 'Please enter your e-mail so that support can answer you',
  },
  'Chat.AlreadyClaimed': {
    status: 409,
    'zh-CN': '该会话已被其他客服接入',
    'en-US': 'Another agent has already taken this conversation',
  },
  'Chat.NotClaimed': {
    status: 409,
    'zh-CN': '请先接入该会话',
    'en-US': 'Take this conversation first',
  },
  'Chat.EmptyMessage': {
    status: 400,
    'zh-CN': '请输入消息内容或添加图片',
    'en-US': 'Type a message or attach an image',
  },
  'Chat.AttachmentNotFound': {
    status: 404,
    'zh-CN': '图片不存在',
    'en-US': 'This image does not exist',
  },
  'Chat.AttachmentType': {
    status: 415,
    'zh-CN': '仅支持 JPG 或 PNG 图片',
    'en-US': 'Only JPG or PNG images can be sent',
  },
  'Chat.AttachmentTooLarge': {
    status: 413,
    'zh-CN': '图片不能超过 2 MB',
    'en-US': 'The image must be 2 MB or smaller',
  },
  'Chat.AttachmentUploadFailed': {
    status: 400,
    'zh-CN': '图片上传失败，请重试',
    'en-US': 'The image upload failed. Please try again',
  },
  'Chat.TooManyMessages': {
    status: 429,
    'zh-CN': '发送过于频繁，请稍后再试',
    'en-US': 'You are sending messages too quickly. Please wait a moment',
  },
} as const satisfies Record<string, ErrorDefinition>;
