import type { Outbox } from '../outbox/outbox.ts';
import type { SmsSender } from './port.ts';
import { SmsSimulator, type SmsSimulatorOptions } from './simulator.ts';

export type { SmsMessage, SmsSender } from './port.ts';

/** The SMS sender. Only the simulator exists (no real gateway is configured); tests steer it through `simulator`. */
export function createSmsSender(
  outbox: Outbox,
  options: SmsSimulatorOptions = {},
): SmsSender & { simulator?: SmsSimulator } {
  const simulator = new SmsSimulator(outbox, options);
  return { send: (msg) => simulator.send(msg), simulator };
}

/** The simulator behind a sender from createSmsSender (tests and dev tools steer it), if any. */
export function smsSimulatorOf(sender: SmsSender): SmsSimulator | undefined {
  return (sender as { simulator?: SmsSimulator }).simulator;
}
