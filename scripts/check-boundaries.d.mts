/** Every import-boundary problem in the tree under `root` (the repository's root), one line each; empty when clean. */
export function checkBoundaries(root: string): string[];
