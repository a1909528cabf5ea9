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
  /** Stops holding, then does again what was held, in order (call once the app has hydrated: `whenAppReady`). */
  replay(): void;
}

function isField(node: EventTarget | null): node is Field {
  return node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement;
}

/**
 * React keeps a field's last known value beside the element (set through the element's own `value` property).
 * Setting the value through the element first, then the visitor's text through the prototype's setter, leaves
 * React's record behind the field, so the input event that follows reads as the change it is.
 */
function tellReact(field: Field): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  if (field.type === 'checkbox' || field.type === 'radio' || field.type === 'file') return;
  const typed = field.value;
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
      for (const item of held) {
        if (item.kind === 'click') {
          if (item.element.isConnected) item.element.click();
        } else if (item.form.isConnected) {
          if (item.submitter?.isConnected) item.form.requestSubmit(item.submitter);
          else item.form.requestSubmit();
        }
      }
    },
  };
}
