import '../../../lib/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from '../../../lib/api-client';
import { FeedbackForm } from './feedback-form';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
let container: HTMLDivElement;

async function flush(times = 5) {
  for (let i = 0; i < times; i++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function renderForm() {
  container = document.createElement('div');
  document.body.appendChild(container);
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  await act(async () => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <FeedbackForm />
      </QueryClientProvider>,
    );
  });
}

const field = (name: string) => container.querySelector(`[name="${name}"]`) as HTMLInputElement | HTMLTextAreaElement;

async function type(name: string, value: string) {
  const element = field(name);
  const proto = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function chooseCategory(value: string) {
  const combobox = container.querySelector('[role="combobox"]') as HTMLElement;
  await act(async () => {
    combobox.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  const option = document.querySelector(`[role="option"][data-value="${value}"]`) as HTMLElement;
  await act(async () => {
    option.click();
  });
}

async function submit() {
  await act(async () => {
    (container.querySelector('form') as HTMLFormElement).requestSubmit();
  });
  await flush();
}

const errors = () =>
  [...container.querySelectorAll('.MuiFormHelperText-root.Mui-error')].map((node) => node.textContent);

async function fillValid() {
  await type('name', 'Ada');
  await type('email', 'ada@example.com');
  await chooseCategory('payment');
  await type('content', 'My top-up has not arrived yet.');
}

beforeAll(async () => {
  await i18next.changeLanguage('en-US');
});

beforeEach(async () => {
  vi.restoreAllMocks();
  await renderForm();
});

afterEach(() => {
  act(() => root?.unmount());
  container.remove();
  for (const node of document.querySelectorAll('.MuiPopover-root, .MuiModal-root')) node.remove();
});

describe('FeedbackForm', () => {
  it('validates with the contract schema and localised messages before calling the API', async () => {
    const post = vi.spyOn(api, 'post');
    await submit();
    expect(errors()).toEqual([
      'This field is required',
      'This field is required',
      'This field is required',
      'This field is required0 / 2000',
    ]);
    expect(post).not.toHaveBeenCalled();
  });

  it('posts the trimmed body and shows the feedback id, then resets for another message', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ feedbackId: 'FB-1', createdAt: '2026-11-22T00:00:00Z' } as never);
    await fillValid();
    await type('content', '  My top-up has not arrived yet.  ');
    await submit();
    expect(post).toHaveBeenCalledWith(
      '/general/service/feedback',
      { name: 'Ada', email: 'ada@example.com', category: 'payment', content: 'My top-up has not arrived yet.' },
      expect.objectContaining({ errorMode: 'message', idempotencyKey: expect.any(String) }),
    );
    expect(container.querySelector('[data-testid="feedback-id"]')?.textContent).toBe('FB-1');
    const again = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Send another message');
    await act(async () => again?.click());
    await flush(2);
    expect(field('name').value).toBe('');
    expect(field('content').value).toBe('');
  });

  it('maps Request.Invalid fields onto the form and keeps what was typed', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError({
        code: 'Request.Invalid',
        message: 'Some fields are invalid. Please check and try again',
        data: { fields: { email: 'This mailbox does not exist' } },
        traceId: 't-1',
        status: 400,
      }),
    );
    await fillValid();
    await submit();
    expect(errors()).toEqual(['This mailbox does not exist']);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('Your message was not sent');
    expect(field('name').value).toBe('Ada');
    expect(field('content').value).toBe('My top-up has not arrived yet.');
  });

  it('reuses the idempotency key only after a failure where the message may have arrived', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError({ code: '500', message: '', kind: 'timeout' }))
      .mockRejectedValueOnce(new ApiError({ code: 'Request.Unavailable', message: 'Down', status: 503 }))
      .mockResolvedValue({ feedbackId: 'FB-2', createdAt: '' } as never);
    await fillValid();
    await submit();
    await submit();
    await submit();
    const keys = post.mock.calls.map((call) => (call[2] as { idempotencyKey?: string }).idempotencyKey);
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
    expect(container.querySelector('[data-testid="feedback-id"]')?.textContent).toBe('FB-2');
  });
});
