import { USER_STORAGE_KEYS } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../lib/testing/index.ts';
import { openSupportChat, SUPPORT_CHAT_WINDOW, supportChatUrl, userOfChatUrl } from './support-chat/chat-window-url.ts';
import { SupportChatButton, SupportChatFab } from './support-chat-button.tsx';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('the chat window address', () => {
  it('carries the stored user id and name (spec §2), and nothing for a visitor', () => {
    const url = supportChatUrl({ accountNo: 'NB100021', nickname: '小明 & co' });
    expect(url).toBe('/support/chat?uid=NB100021&name=%E5%B0%8F%E6%98%8E+%26+co');
    expect(userOfChatUrl(url.slice(url.indexOf('?')))).toEqual({ accountNo: 'NB100021', nickname: '小明 & co' });
    expect(supportChatUrl({ accountNo: '', nickname: '' })).toBe('/support/chat');
  });

  it('opens a named small window, or this tab when pop-ups are blocked', () => {
    const focus = vi.fn();
    const opener = { open: vi.fn(() => ({ focus }) as unknown as Window), assign: vi.fn() };
    expect(openSupportChat({ accountNo: 'NB1', nickname: 'A' }, opener)).toBe('window');
    expect(opener.open).toHaveBeenCalledWith('/support/chat?uid=NB1&name=A', SUPPORT_CHAT_WINDOW, expect.any(String));
    expect(focus).toHaveBeenCalled();
    expect(opener.assign).not.toHaveBeenCalled();

    const blocked = { open: vi.fn(() => null), assign: vi.fn() };
    expect(openSupportChat({ accountNo: '', nickname: '' }, blocked)).toBe('same-tab');
    expect(blocked.assign).toHaveBeenCalledWith('/support/chat');
  });
});

describe('<SupportChatButton>', () => {
  it("is named 'Customer service chat' (在线客服) and opens the chat with the stored user", async () => {
    localStorage.setItem(USER_STORAGE_KEYS.accountNo, 'NB100021');
    localStorage.setItem(USER_STORAGE_KEYS.nickname, 'Alice');
    const open = vi.spyOn(window, 'open').mockReturnValue({ focus: () => {} } as unknown as Window);
    const { user } = renderWithProviders(<SupportChatButton />);
    await user.click(await screen.findByRole('button', { name: 'Customer service chat' }));
    expect(open).toHaveBeenCalledWith('/support/chat?uid=NB100021&name=Alice', SUPPORT_CHAT_WINDOW, expect.any(String));
  });

  it('reads 在线客服 in Chinese, also as the console corner button', async () => {
    renderWithProviders(<SupportChatFab />, { locale: 'zh-CN' });
    expect(await screen.findByRole('button', { name: '在线客服' })).toBeDefined();
  });
});
