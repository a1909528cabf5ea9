import type { RegistrarPort } from './port.ts';
import { RegistrarSimulator } from './simulator.ts';

export type { RedemptionReport, RegistrarPort } from './port.ts';
export { RegistrarError } from './port.ts';

/**
 * The registrar. Only the built-in simulator exists (no real registrar is configured); a real
 * client implements the same port and is chosen here. Tests inject a stub through
 * `buildApp({ registrar })` or by replacing `app.platform.registrar` before use.
 *
 * Every instance builds its own simulator and shares nothing with the others: an operation's
 * outcome is decided when it is accepted and travels inside its ticket (simulator-ticket.ts), so
 * whichever instance's sweeper polls the ticket later reads the same result, as it would from a
 * real registrar that keeps the state on its side.
 */
export function createRegistrar(): RegistrarPort {
  return new RegistrarSimulator();
}
