/**
 * A server-rendered page is on screen before the app has hydrated it (main.ts starts the app at the visitor's first
 * sign of engagement). Until it has, React handles nothing: a tap on a button, a form submitted or text typed would
 * be lost. This holds them and does them again once the app has hydrated:
 * - taps (clicks) on anything but a link are held; links navigate as links do, to a page the server renders;
 * - form submissions are held and submitted again (`requestSubmit`), so the page's own handler runs;
 * - text typed into fields stays in the field; once hydrated, each changed field is told to React as one input
 *   event, so the page's state holds what the visitor typed.
 * No React here: this runs before the app is downloaded.
 */

type Held =
  | { kind: 'click'; element: HTMLElement }
  | { kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null };

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface HeldInteractions {
  /**
   * Stops holding, tells the app what was typed, then (in the next task) does the held taps and submissions again,
   * in order. Call once the app has hydrated (`whenAppReady`).
   */
  replay(): void;
}

function isField(node: EventTarget | null): node is Field {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;
}

/**
 * React keeps a field's last known value beside the element (set through the element's own `value` property), and
 * records it when it hydrates the field. So: a first input event, which makes React hydrate the field if that part
 * of the page is not hydrated yet (and reads as no change); then the field's value set through the element (React's
 * record) to what the page rendered, and the visitor's text through the prototype's setter, which leaves React's
 * record behind; then the input event that reads as the change it is.
 */
function tellReact(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file') return;
  const typed = field.value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (typed === field.defaultValue) return;
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setValue = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  if (!setValue) return;
  field.value = field.defaultValue;
  setValue.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Holds what the visitor does inside `root` (the server-rendered app) until `replay()`. */
export function holdInteractions(root: HTMLElement, win: Window = window): HeldInteractions {
  const held: Held[] = [];
  const typedInto = new Set<Field>();
  let holding = true;

  const onClick = (event: MouseEvent) => {
    const target = event.target;
    if (!holding || !(target instanceof Element) || !root.contains(target)) return;
    if (target.closest('a[href]')) return;
    // The element the tap meant (a button, a label, a checkbox), or the node itself.
    const element = (target.closest('button, [role], label, input, select, textarea, summary') ??
      target) as HTMLElement;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.some((item) => item.kind === 'click' && item.element === element)) held.push({ kind: 'click', element });
  };
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target;
    if (!holding || !(form instanceof HTMLFormElement) || !root.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (!held.some((item) => item.kind === 'submit' && item.form === form)) {
      held.push({ kind: 'submit', form, submitter: event.submitter });
    }
  };
  const onType = (event: Event) => {
    if (holding && isField(event.target) && root.contains(event.target)) typedInto.add(event.target);
  };

  win.addEventListener('click', onClick, true);
  win.addEventListener('submit', onSubmit, true);
  win.addEventListener('input', onType, true);
  win.addEventListener('change', onType, true);

  return {
    replay() {
      if (!holding) return;
      holding = false;
      win.removeEventListener('click', onClick, true);
      win.removeEventListener('submit', onSubmit, true);
      win.removeEventListener('input', onType, true);
      win.removeEventListener('change', onType, true);
      for (const field of typedInto) if (field.isConnected) tellReact(field);
      // The taps after the typing has reached the page's state: React renders that state at the end of the
      // current task, and a held submit must send it, not the empty field the page was rendered with.
      win.setTimeout(() => doAgain(held), 0);
    },
  };
}

/** Does the held taps and submissions again, in order, on the elements still on the page. */
function doAgain(held: readonly Held[]): void {
  for (const item of held) {
    if (item.kind === 'click') {
      if (item.element.isConnected) item.element.click();
    } else if (item.form.isConnected) {
      if (item.submitter?.isConnected) item.form.requestSubmit(item.submitter);
      else item.form.requestSubmit();
    }
  }
}
