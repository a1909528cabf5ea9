import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '../app/test-render';
import { SearchField } from './search-field';

/** Types into a React-controlled input the way a browser does. */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('SearchField', () => {
  it('searches the trimmed text shortly after typing, at once on Enter, and null from the clear button', async () => {
    const onSearch = vi.fn();
    const view = await render(
      <SearchField value="" onSearch={onSearch} placeholder="Search" label="Search" clearLabel="Clear" delayMs={30} />,
    );
    const input = view.container.querySelector('input') as HTMLInputElement;
    type(input, '  alpha ');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith('alpha'));

    onSearch.mockClear();
    type(input, 'beta');
    act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(onSearch).toHaveBeenCalledWith('beta');

    onSearch.mockClear();
    const clear = view.container.querySelector('button[aria-label="Clear"]') as HTMLButtonElement;
    act(() => clear.click());
    expect(onSearch).toHaveBeenCalledWith(null);
    expect(input.value).toBe('');
    view.unmount();
  });
});
