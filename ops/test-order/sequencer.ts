import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import recorded from './durations.json' with { type: 'json' };

const DURATIONS: Record<string, number> = recorded;

/**
 * Vitest's order (each project in turn, failed files first, the longest first so two workers end
 * together), with one change: a file vitest has no result for yet takes its duration from
 * durations.json, committed. A first run on a fresh clone has no results, and vitest would start
 * the files in an order of their sizes: the long files ended the run late on one worker while the
 * other sat idle (101 against 76–87 s for `npm run test:fast`). `npm run test:order` records the
 * durations of the last run again.
 */
export default class RecordedDurationsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${path.relative(root, f.moduleId)}`;
    const known = (f: TestSpecification) => {
      const result = cache.getFileTestResults(key(f));
      return { failed: result?.failed ?? false, duration: result?.duration ?? DURATIONS[key(f)] };
    };
    return [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      if (a.project.name !== b.project.name) return a.project.name < b.project.name ? -1 : 1;
      if (a.project.config.isolate !== b.project.config.isolate) return a.project.config.isolate ? -1 : 1;
      const [ka, kb] = [known(a), known(b)];
      if (ka.failed !== kb.failed) return ka.failed ? -1 : 1;
      // A file never timed (new since the record) first, as vitest does: it may be long.
      if (ka.duration === undefined || kb.duration === undefined)
        return ka.duration === undefined ? (kb.duration === undefined ? 0 : -1) : 1;
      return kb.duration - ka.duration;
    });
  }
}
