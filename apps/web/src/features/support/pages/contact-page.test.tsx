import type { ContactInfo } from '@namebourse/contract';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fillIn, http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { writeUserInfo } from '../../../lib/user-storage.ts';
import { ContactPage } from './contact-page.tsx';

const CONTACT = '/api/account-manage/get-contact-info';

const CONTACT_INFO: ContactInfo = {
  firstName: 'Lei',
  lastName: 'Li',
  company: '',
  email: 'lilei@example.com',
  phone: '13800000000',
  phoneCountryCode: '86',
  phoneVerified: true,
  isComplete: true,
};

const nameField = () => screen.getByRole('textbox', { name: /^Your name/ });
const emailField = () => screen.getByRole('textbox', { name: /^Email/ });

function answerSession() {
  server.use(http.get('/api/account/check-login', () => ok({ accountNo: 'NB100001', nickname: 'lilei' })));
}

describe('contact us', { timeout: 30_000 }, () => {
  beforeEach(() => localStorage.clear());

  it('fills in a signed-in user’s name and e-mail, which stay editable', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'lilei' });
    answerSession();
    server.use(http.get(CONTACT, () => ok(CONTACT_INFO)));
    const { user } = renderWithProviders(<ContactPage />, { path: '/contact-us', session: true });
    await waitFor(() => expect((nameField() as HTMLInputElement).value).toBe('Lei Li'));
    expect((emailField() as HTMLInputElement).value).toBe('lilei@example.com');
    await fillIn(user, nameField(), 'Li Lei');
    expect((nameField() as HTMLInputElement).value).toBe('Li Lei');
    // The customer-service chat is offered beside the form.
    expect(screen.getByRole('button', { name: /chat/i })).toBeTruthy();
  });

  it('uses the nickname when no contact name is saved, and leaves visitors’ fields empty', async () => {
    writeUserInfo({ accountNo: 'NB100001', nickname: 'lilei' });
    answerSession();
    server.use(http.get(CONTACT, () => ok({ ...CONTACT_INFO, firstName: '', lastName: '' })));
    const first = renderWithProviders(<ContactPage />, { path: '/contact-us', session: true });
    await waitFor(() => expect((nameField() as HTMLInputElement).value).toBe('lilei'));
    first.unmount();
    const asked = requestsTo('GET', CONTACT).length;

    localStorage.clear();
    server.use(http.get('/api/account/check-login', () => ok({ accountNo: '', nickname: '' })));
    renderWithProviders(<ContactPage />, { path: '/contact-us', session: true });
    await screen.findByRole('textbox', { name: /^Your name/ });
    expect((nameField() as HTMLInputElement).value).toBe('');
    expect((emailField() as HTMLInputElement).value).toBe('');
    expect(requestsTo('GET', CONTACT)).toHaveLength(asked);
  });
});
