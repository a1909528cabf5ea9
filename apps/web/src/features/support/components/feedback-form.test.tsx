import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  fillIn,
  HttpResponse,
  http,
  ok,
  renderWithProviders,
  requestsTo,
  server,
} from '../../../lib/testing/index.ts';
import { FeedbackForm } from './feedback-form.tsx';

const FEEDBACK = '/api/general/service/feedback';

function renderForm() {
  return renderWithProviders(<FeedbackForm />);
}

type User = ReturnType<typeof renderForm>['user'];

const nameField = () => screen.getByRole('textbox', { name: /^Your name/ });
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });
const messageField = () => screen.getByRole('textbox', { name: /^Message/ });
const topicField = () => screen.getByRole('combobox', { name: /^Topic/ });

/** The error a field shows (its description while it is invalid), or null. */
function errorOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

async function fillValid(user: User) {
  await fillIn(user, nameField(), 'Ada');
  await fillIn(user, emailField(), 'ada@example.com');
  await user.click(topicField());
  await user.click(await screen.findByRole('option', { name: 'Payments and balance' }));
  await fillIn(user, messageField(), 'My top-up has not arrived yet.');
}

async function send(user: User) {
  await user.click(screen.getByRole('button', { name: 'Send message' }));
}

async function sentBodies(): Promise<unknown[]> {
  return Promise.all(requestsTo('POST', FEEDBACK).map((request) => request.json()));
}

describe('FeedbackForm', { timeout: 30_000 }, () => {
  it('validates with the contract schema and localised messages before calling the API', async () => {
    const { user } = renderForm();
    await send(user);
    await waitFor(() => expect(errorOf(nameField())).toBe('This field is required'));
    expect(errorOf(emailField())).toBe('This field is required');
    expect(errorOf(topicField())).toBe('This field is required');
    expect(errorOf(messageField())).toBe('This field is required0 / 2000');
    expect(requestsTo('POST', FEEDBACK)).toHaveLength(0);
  });

  it('posts the trimmed body and shows the feedback id, then resets for another message', async () => {
    server.use(http.post(FEEDBACK, () => ok({ feedbackId: 'FB-1', createdAt: '2026-11-22T00:00:00Z' })));
    const { user } = renderForm();
    await fillValid(user);
    await fillIn(user, messageField(), '  My top-up has not arrived yet.  ');
    await send(user);
    await screen.findByText('FB-1');
    expect(await sentBodies()).toEqual([
      { name: 'Ada', email: 'ada@example.com', category: 'payment', content: 'My top-up has not arrived yet.' },
    ]);
    expect(requestsTo('POST', FEEDBACK)[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(await screen.findByRole('textbox', { name: /^Your name/ })).toHaveProperty('value', '');
    expect(messageField()).toHaveProperty('value', '');
  });

  it('maps Request.Invalid fields onto the form and keeps what was typed', async () => {
    server.use(
      http.post(FEEDBACK, () =>
        fail('Request.Invalid', { data: { fields: { email: 'This mailbox does not exist' } } }),
      ),
    );
    const { user } = renderForm();
    await fillValid(user);
    await send(user);
    await waitFor(() => expect(errorOf(emailField())).toBe('This mailbox does not exist'));
    expect([nameField(), topicField(), messageField()].map(errorOf)).toEqual([null, null, null]);
    expect(screen.getByRole('alert').textContent).toContain('Your message was not sent');
    expect(nameField()).toHaveProperty('value', 'Ada');
    expect(messageField()).toHaveProperty('value', 'My top-up has not arrived yet.');
  });

  it('reuses the idempotency key only after a failure where the message may have arrived', async () => {
    const answers = [() => HttpResponse.error(), () => fail('Request.Unavailable')];
    server.use(
      http.post(FEEDBACK, () => answers.shift()?.() ?? ok({ feedbackId: 'FB-2', createdAt: '2026-11-22T00:00:00Z' })),
    );
    const { user } = renderForm();
    await fillValid(user);
    for (let attempt = 1; attempt <= 3; attempt++) {
      await send(user);
      await waitFor(() => expect(requestsTo('POST', FEEDBACK)).toHaveLength(attempt));
      if (attempt < 3)
        await waitFor(() =>
          expect(screen.getByRole('button', { name: 'Send message' })).toHaveProperty('disabled', false),
        );
    }
    await screen.findByText('FB-2');
    const keys = requestsTo('POST', FEEDBACK).map((request) => request.headers.get('Idempotency-Key'));
    expect(keys[0]).toBe(keys[1]);
    expect(keys[2]).not.toBe(keys[1]);
  });
});
