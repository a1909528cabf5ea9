import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appRoutes } from '../../app/router.tsx';
import { renderWithProviders } from '../../lib/testing/index.ts';

afterEach(() => sessionStorage.clear());

describe('/support/chat', () => {
  it("opens the chat window without the site's top bar and footer", async () => {
    renderWithProviders(null, { path: '/support/chat', routes: appRoutes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeDefined();
    expect(await screen.findByRole('form', { name: 'Chat with customer service' })).toBeDefined();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Log in' })?.getAttribute('href')).toBe(
      '/account/login?redirect=%2Fsupport%2Fchat',
    );
  });
});
