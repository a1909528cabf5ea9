import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SessionProvider } from '../../../app/session/session-context.tsx';
import { renderWithProviders, requestsTo } from '../../../lib/testing/index.ts';
import { LoginPage } from './login-page.tsx';

describe('login page', { timeout: 20_000 }, () => {
  it('checks the e-mail under its field before asking the server', async () => {
    const { user } = renderWithProviders(
      <SessionProvider>
        <LoginPage />
      </SessionProvider>,
      { path: '/account/login' },
    );
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'secret-123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This field is required')).toBeDefined();
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.type(email, 'not-an-address');
    expect(await screen.findByText('Please enter a valid email address')).toBeDefined();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo('POST', '/api/account/login')).toHaveLength(0);
  });
});
