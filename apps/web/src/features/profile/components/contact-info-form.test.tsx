import type { ContactInfo } from '@namebourse/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, http, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { SAVE_CONTACT_INFO_PATH } from '../api/save-contact-info.ts';
import { ContactInfoForm } from './contact-info-form.tsx';

const SAVE = `/api${SAVE_CONTACT_INFO_PATH}`;

const INFO: ContactInfo = {
  firstName: 'San',
  lastName: 'Zhang',
  company: '',
  email: 'zhang@example.com',
  phone: '13800138000',
  phoneCountryCode: '86',
  phoneVerified: true,
  isComplete: true,
};

describe('contact information form', { timeout: 20_000 }, () => {
  it('asks for a code for a new phone before saving, and keeps Reset off until something changes', async () => {
    const { user } = renderWithProviders(<ContactInfoForm info={INFO} />);
    expect(screen.getByRole('button', { name: 'Reset' })).toHaveProperty('disabled', true);
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).toBeNull();
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.clear(phone);
    await user.type(phone, '13900139000');
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Reset' })).toHaveProperty('disabled', false);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A new phone number must be verified: enter the code sent to it')).toBeDefined();
    expect(requestsTo('POST', SAVE)).toHaveLength(0);
  });

  it('shows a refused code under the code field with the attempts left', async () => {
    server.use(http.post(SAVE, () => fail('Verification.CodeInvalid', { data: { attemptsLeft: 2 } })));
    const { user } = renderWithProviders(<ContactInfoForm info={INFO} />);
    const phone = screen.getByRole('textbox', { name: 'Mobile number' });
    await user.clear(phone);
    await user.type(phone, '13900139000');
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Invalid verification code Attempts left: 2')).toBeDefined();
    expect(requestsTo('POST', SAVE)).toHaveLength(1);
  });
});
