import Button from '@mui/material/Button';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../lib/testing/index.ts';
import { LoadingSpinner } from './loading-spinner.tsx';

describe('<LoadingSpinner>', () => {
  it('is a progress bar named "Loading…" in the page language unless told what loads', async () => {
    renderWithProviders(<LoadingSpinner />);
    expect(await screen.findByRole('progressbar', { name: 'Loading…' })).toBeTruthy();
  });

  it('says 加载中… in Chinese, and a given label in either', async () => {
    renderWithProviders(
      <>
        <LoadingSpinner />
        <LoadingSpinner label="正在查询订单" />
      </>,
      { locale: 'zh-CN' },
    );
    expect(await screen.findByRole('progressbar', { name: '加载中…' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: '正在查询订单' })).toBeTruthy();
  });

  it('is hidden from screen readers inside a busy button, whose name stays its text', async () => {
    renderWithProviders(
      <Button disabled startIcon={<LoadingSpinner decorative size={16} />}>
        Pay
      </Button>,
    );
    expect(await screen.findByRole('button', { name: 'Pay' })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
