import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { type HeldInteractions, holdInteractions } from './hold-interactions.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A page with what a visitor acts on: a search field and form, a button, a checkbox and a link. */
function Page() {
  const [query, setQuery] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [taps, setTaps] = useState(0);
  const [agreed, setAgreed] = useState(false);
  return (
    <main>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setSearched(query);
        }}
      >
        <input aria-label="search" value={query} onChange={(event) => setQuery(event.target.value)} />
      </form>
      <button type="button" onClick={() => setTaps((n) => n + 1)}>
        <span>bid</span>
      </button>
      <label>
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        agree
      </label>
      <a href="#elsewhere">elsewhere</a>
      <output data-testid="state">{`${query}|${searched ?? '-'}|${taps}|${agreed}`}</output>
    </main>
  );
}

let root: Root | null = null;
let container: HTMLElement;

function serverRendered(): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.append(container);
  return container;
}

async function hydrate(): Promise<void> {
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
}

/** The held interactions done again: the typing at once, the taps in the next task. */
async function replayed(held: HeldInteractions): Promise<void> {
  await act(async () => {
    held.replay();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

const state = () => container.querySelector('[data-testid=state]')?.textContent;
const input = () => container.querySelector<HTMLInputElement>('input[aria-label=search]') as HTMLInputElement;

/** Typing as the browser does it before any script handles it: the field's text changes, an input event fires. */
function type(field: HTMLInputElement, text: string): void {
  field.value = text;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  container.remove();
});

describe('holdInteractions', () => {
  it('holds a tap on a button before hydration and does it once the app has hydrated', async () => {
    const held = holdInteractions(serverRendered());
    container.querySelector('span')?.click();
    container.querySelector('span')?.click();
    await hydrate();
    expect(state()).toBe('|-|0|false');
    await replayed(held);
    // Two taps on the same control before hydration are done once: a double tap must not bid twice.
    expect(state()).toBe('|-|1|false');
  });

  it('keeps what was typed before hydration in the page state, then submits the held form with it', async () => {
    const held = holdInteractions(serverRendered());
    type(input(), 'abc.com');
    input().form?.requestSubmit();
    await hydrate();
    expect(input().value).toBe('abc.com');
    expect(state()).toBe('|-|0|false');
    await replayed(held);
    expect(state()).toBe('abc.com|abc.com|0|false');
  });

  it('does a held tap on a label (a checkbox) once, and leaves links to navigate', async () => {
    const held = holdInteractions(serverRendered());
    const checkbox = container.querySelector<HTMLInputElement>('input[type=checkbox]') as HTMLInputElement;
    checkbox.click();
    expect(checkbox.checked).toBe(false);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    container.querySelector('a')?.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    await hydrate();
    await replayed(held);
    expect(checkbox.checked).toBe(true);
    expect(state()).toBe('|-|0|true');
  });

  it('stops holding after the replay: later taps reach the app directly, once', async () => {
    const held = holdInteractions(serverRendered());
    await hydrate();
    await replayed(held);
    await act(async () => container.querySelector('button')?.click());
    expect(state()).toBe('|-|1|false');
  });
});
