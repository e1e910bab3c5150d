import { textProblem, type ImportItem, type ImportVersion } from '@promptlib/proto';
import { normalizePrompt, promptProblems } from '../prompts/prompt-rules';
import type { GivenVersion } from './prompt-versions.repository';

const MAX_VERSION_NUMBER = 2_147_483_647;

/** How far ahead of the server's clock a file's moment may lie (clocks differ a little). */
const CLOCK_SKEW_MS = 5 * 60_000;

/** A moment from an imported file: as written when it parses and is not in the future, else now. */
export function importedTime(raw: string | undefined, now: Date): Date {
  if (raw === undefined) return now;
  const time = Date.parse(raw);
  if (Number.isNaN(time) || time > now.getTime() + CLOCK_SKEW_MS) return now;
  return new Date(Math.min(time, now.getTime()));
}

/** An imported prompt's own dates: a change never comes before the creation. */
export function importedDates(
  item: { createdAt?: string; updatedAt?: string },
  now: Date,
): { createdAt: Date; updatedAt: Date } {
  const createdAt = importedTime(item.createdAt, now);
  const updatedAt = importedTime(item.updatedAt ?? item.createdAt, now);
  return { createdAt, updatedAt: updatedAt < createdAt ? createdAt : updatedAt };
}

/** A version of an imported history, before it is given its prompt's id. */
export type ImportedVersion = Omit<GivenVersion, 'promptId'>;

/**
 * The file's versions that create would accept, with their numbers when those grow from oldest
 * to newest; otherwise (a file edited by hand) numbered again from 1 in the file's order. A
 * category is the id `categoryIdOf` finds for its name, or none.
 */
export function importedVersions(
  versions: readonly ImportVersion[],
  categoryIdOf: (name: string | null) => number | null,
  now: Date,
  renumber = true,
): ImportedVersion[] {
  const valid = versions.flatMap((version) => {
    const text = normalizePrompt(version);
    if (textProblem(text.title) || textProblem(text.content, 'multiline') || promptProblems(text)) return [];
    return [{ ...version, ...text }];
  });
  const growing = valid.every((version, index) => index === 0 || version.version > valid[index - 1]!.version);
  return valid.map((version, index) => ({
    version: growing || !renumber ? version.version : index + 1,
    title: version.title,
    content: version.content,
    categoryId: categoryIdOf(version.category),
    createdAt: importedTime(version.createdAt, now),
    source: version.source,
  }));
}

/** The number, time and source an import gives the version of the prompt's own text. */
export type CurrentVersion = NonNullable<ImportItem['currentVersion']>;

/**
 * The history an imported prompt starts with, of which the plan's `keep` newest are kept: the
 * file's versions (see importedVersions), then the prompt's own text as the newest version. That
 * version has the number, time and source `currentVersion` gives (the file's older versions are
 * those numbered below it); without it, the newest of the file's versions when that is the
 * prompt's text, or else a version made by the import at the prompt's last change.
 */
export function importedHistory(
  current: { title: string; content: string; categoryId: number; updatedAt: Date },
  versions: readonly ImportVersion[],
  currentVersion: CurrentVersion | undefined,
  categoryIdOf: (name: string | null) => number | null,
  keep: number,
  now: Date,
): ImportedVersion[] {
  const text = { title: current.title, content: current.content, categoryId: current.categoryId };
  if (currentVersion) {
    const older = importedVersions(versions, categoryIdOf, now).filter(
      (version) => version.version < currentVersion.version,
    );
    const own = { ...text, ...currentVersion, createdAt: importedTime(currentVersion.createdAt, now) };
    return [...older, own].slice(-keep);
  }
  const history = importedVersions(versions, categoryIdOf, now);
  // A number at the top of the range leaves none for the import's own version: count from 1 again.
  if ((history[history.length - 1]?.version ?? 0) >= MAX_VERSION_NUMBER) {
    history.forEach((version, index) => (version.version = index + 1));
  }
  const newest = history[history.length - 1];
  const same =
    newest !== undefined &&
    newest.title === text.title &&
    newest.content === text.content &&
    newest.categoryId === text.categoryId;
  if (!same) {
    history.push({
      version: (newest?.version ?? 0) + 1,
      ...text,
      createdAt: current.updatedAt,
      source: 'import',
    });
  }
  return history.slice(-keep);
}
