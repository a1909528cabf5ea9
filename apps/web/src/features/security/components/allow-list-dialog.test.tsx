import type { AccessKey } from '@namebourse/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { http, ok, renderWithProviders, requestsTo, server } from '../../../lib/testing/index.ts';
import { AllowListDialog } from './allow-list-dialog.tsx';

const UPDATE = '/api/account-manage/update-ak-ip-whitelist';
const KEY: AccessKey = {
  keyId: 'AK1',
  status: 'enabled',
  ipWhiteList: ['203.0.113.7'],
  createdAt: '2030-01-01T00:00:00.000Z',
  lastUsedAt: null,
};

function renderDialog() {
  const onClose = vi.fn();
  return { ...renderWithProviders(<AllowListDialog accessKey={KEY} onClose={onClose} />), onClose };
}

describe('<AllowListDialog>', () => {
  it('adds the valid entries, says which it refused, and saves the list', async () => {
    server.use(http.post(UPDATE, () => ok(null)));
    const { user, onClose } = renderDialog();
    const input = screen.getByRole('textbox', { name: 'IP address or CIDR range' });
    await user.type(input, '198.51.100.0/24, nonsense, 203.0.113.7');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    const chips = screen.getByTestId('allow-list-chips');
    expect(within(chips).getByText('198.51.100.0/24')).toBeTruthy();
    const problems = screen.getByTestId('allow-list-problems');
    expect(problems.textContent).toContain('nonsense is not a valid');
    expect(problems.textContent).toContain('203.0.113.7 is already in the list');
    expect((input as HTMLInputElement).value).toBe('nonsense 203.0.113.7');

    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [request] = requestsTo('POST', UPDATE);
    expect(await request?.json()).toMatchObject({ keyId: 'AK1', ipWhiteList: ['203.0.113.7', '198.51.100.0/24'] });
  });

  it('does not save while text is left in the input', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'IP address or CIDR range' }), '10.0.0.1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByTestId('allow-list-problems')).textContent).toBe(
      'Add or clear the text in the input first.',
    );
    expect(requestsTo('POST', UPDATE)).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });
});
