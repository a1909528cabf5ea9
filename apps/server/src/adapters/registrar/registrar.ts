import type { RegistrarPort } from './port.ts';
import { RegistrarSimulator } from './simulator.ts';

export type { RedemptionReport, RegistrarPort } from './port.ts';
export { RegistrarError } from './port.ts';

/**
 * The registrar. Only the built-in simulator exists (no real registrar is configured); a real
 * client implements the same port and is chosen here. Tests inject a stub through
 * `buildApp({ registrar })` or by replacing `app.platform.registrar` before use.
 */
export function createRegistrar(): RegistrarPort {
  return new RegistrarSimulator();
}
