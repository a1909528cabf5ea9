import { FINGERPRINT_PATTERN, setFingerprintProvider } from './fingerprint.ts';

/**
 * The open-source FingerprintJS visitor id for X-Device-Fingerprint (issue 3), loaded lazily after the first
 * paint so it never delays the page. Its monitoring ping (spec §7: an occasional request to a third party) is
 * switched off with `monitoring: false`. Until the id is known, the default provider of lib/fingerprint.ts
 * (a random id kept in localStorage) answers; if FingerprintJS fails, the default simply stays.
 */

interface FingerprintAgent {
  get: () => Promise<{ visitorId: string }>;
}
interface FingerprintModule {
  load: (options: { monitoring?: boolean }) => Promise<FingerprintAgent>;
}

export type FingerprintImporter = () => Promise<{ default: FingerprintModule }>;

const importFingerprintJs: FingerprintImporter = () => import('@fingerprintjs/fingerprintjs');

/** Loads FingerprintJS without its monitoring ping and returns the visitor id (null when unusable). */
export async function loadVisitorId(importer: FingerprintImporter = importFingerprintJs): Promise<string | null> {
  const { default: FingerprintJS } = await importer();
  const agent = await FingerprintJS.load({ monitoring: false });
  const { visitorId } = await agent.get();
  return typeof visitorId === 'string' && FINGERPRINT_PATTERN.test(visitorId) ? visitorId : null;
}

/** Runs `task` once the browser has painted and is idle (or soon after, where requestIdleCallback is missing). */
export function afterFirstPaint(task: () => void): void {
  if (typeof window === 'undefined') return;
  const idle = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 3000 });
    else window.setTimeout(task, 200);
  };
  // Two frames: the first runs before the paint, the second after it.
  if (typeof window.requestAnimationFrame === 'function') {
    window.requestAnimationFrame(() => window.requestAnimationFrame(idle));
  } else idle();
}

let installed: Promise<string | null> | null = null;

/** Installs the FingerprintJS provider after the first paint (once; later calls share the first). */
export function installFingerprintJs(
  importer: FingerprintImporter = importFingerprintJs,
  schedule: (task: () => void) => void = afterFirstPaint,
): Promise<string | null> {
  if (!installed) {
    installed = new Promise<string | null>((resolve) => {
      schedule(() => {
        loadVisitorId(importer).then(
          (visitorId) => {
            if (visitorId) setFingerprintProvider(() => visitorId);
            resolve(visitorId);
          },
          () => resolve(null), // Blocked or failing: the default provider stays.
        );
      });
    });
  }
  return installed;
}

/** Forgets the installation (tests). */
export function resetFingerprintJs(): void {
  installed = null;
}
