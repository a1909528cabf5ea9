import { ERROR_CATALOGUE, FUNDS_LIMITS } from '@namebourse/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import en from '../../../locales/en-US/payouts.json';
import zh from '../../../locales/zh-CN/payouts.json';
import { checkPayeeFile, progressPercent, uploadProblem } from './payee-files.ts';

describe('checkPayeeFile', () => {
  it('accepts JPG and PNG up to the size limit', () => {
    expect(checkPayeeFile({ name: 'a.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(checkPayeeFile({ name: 'a.png', type: 'image/png', size: FUNDS_LIMITS.payeeFileMaxBytes })).toBeNull();
  });

  it('refuses other formats', () => {
    expect(checkPayeeFile({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('unsupportedFormat');
    expect(checkPayeeFile({ name: 'a.pdf', type: 'application/pdf', size: 10 })).toBe('unsupportedFormat');
    expect(checkPayeeFile({ name: 'a.png.exe', type: '', size: 10 })).toBe('unsupportedFormat');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(checkPayeeFile({ name: 'SCAN.JPEG', type: '', size: 10 })).toBeNull();
  });

  it('refuses a file over the limit', () => {
    expect(checkPayeeFile({ name: 'a.png', type: 'image/png', size: FUNDS_LIMITS.payeeFileMaxBytes + 1 })).toBe(
      'tooLarge',
    );
  });
});

describe('uploadProblem', () => {
  it('maps the server refusals and treats anything else as a failed upload', () => {
    const error = (code: string, status: number) => new ApiError({ code, message: '', status });
    expect(uploadProblem(error('File.UnsupportedFormat', 415))).toBe('unsupportedFormat');
    expect(uploadProblem(error('File.TooLarge', 413))).toBe('tooLarge');
    expect(uploadProblem(error('Request.PayloadTooLarge', 413))).toBe('tooLarge');
    expect(uploadProblem(error('413', 413))).toBe('tooLarge');
    expect(uploadProblem(error('Network.Error', 0))).toBe('uploadFailed');
    expect(uploadProblem(error('File.UploadFailed', 500))).toBe('uploadFailed');
    expect(uploadProblem(new Error('x'))).toBe('uploadFailed');
  });
});

describe('the file messages', () => {
  it('are the exact texts of the spec in both languages', () => {
    const pairs = [
      ['unsupportedFormat', 'File.UnsupportedFormat'],
      ['tooLarge', 'File.TooLarge'],
      ['uploadFailed', 'File.UploadFailed'],
    ] as const;
    for (const [key, code] of pairs) {
      expect(en.payees.files.problem[key]).toBe(ERROR_CATALOGUE[code]['en-US']);
      expect(zh.payees.files.problem[key]).toBe(ERROR_CATALOGUE[code]['zh-CN']);
    }
    expect(en.payees.files.problem).toEqual({
      unsupportedFormat: 'Unsupported file format',
      tooLarge: 'File Size Exceeds Limit',
      uploadFailed: 'Upload failed, please try again',
    });
  });
});

describe('progressPercent', () => {
  it('is a whole percentage, 0 while the size is unknown', () => {
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(5, 3)).toBe(100);
  });
});
