import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A real spreadsheet program for tests of the CSV exports: LibreOffice Calc, headless. It opens a
 * CSV as a reader set to given separators would (its CSV import filter) and saves it as a flat
 * ODF spreadsheet (.fods, plain XML), which says of each cell its text and whether it became a
 * formula. Tests that use it are skipped where `soffice` is not installed.
 */

/** Whether LibreOffice's `soffice` is on the PATH. */
export const hasSoffice = () => spawnSync('soffice', ['--version'], { stdio: 'ignore' }).status === 0;

export interface SheetCell {
  text: string;
  /** The formula LibreOffice made of the cell (`of:=…`), if it made one. */
  formula: string | null;
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

/** A cell's text: its paragraphs (the XML around them is indented), one line each. */
function cellText(xml: string): string {
  return [...xml.matchAll(/<text:p(?:\s[^>]*)?>([\s\S]*?)<\/text:p>/g)].map(([, p]) => inline(p)).join('\n');
}

function inline(xml: string): string {
  return xml
    .replace(/<text:s text:c="(\d+)"\/>/g, (_, n: string) => ' '.repeat(Number(n)))
    .replace(/<text:s\/>/g, ' ')
    .replace(/<text:tab\/>/g, '\t')
    .replace(/<text:line-break\/>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(quot|amp|lt|gt|apos);/g, (_, e: string) => ENTITIES[e])
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, n: string) => String.fromCharCode(Number(n[0] === 'x' ? `0${n}` : n)));
}

/**
 * Opens `csv` (UTF-8, '"' quotes) in LibreOffice Calc with these field separators (',' and/or
 * ';'), formulas evaluated as a user's spreadsheet would, and answers its first sheet's rows.
 */
export function openCsvInCalc(csv: string, separators: readonly string[]): SheetCell[][] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vialex-calc-'));
  try {
    const input = path.join(dir, 'export.csv');
    fs.writeFileSync(input, csv);
    const codes = separators.map((c) => c.charCodeAt(0)).join('/');
    // Tokens: separators, text delimiter '"', UTF-8 (76), from line 1, …, 13th: evaluate formulas.
    const filter = `CSV:${codes},34,76,1,,,false,false,false,false,false,,true`;
    execFileSync(
      'soffice',
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
        '--headless',
        `--infilter=${filter}`,
        '--convert-to',
        'fods',
        '--outdir',
        dir,
        input,
      ],
      { stdio: 'ignore', timeout: 120_000 },
    );
    const xml = fs.readFileSync(path.join(dir, 'export.fods'), 'utf8');
    const table = /<table:table [\s\S]*?<\/table:table>/.exec(xml)?.[0] ?? '';
    return [...table.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) => {
      const cells: SheetCell[] = [];
      for (const [, attrs, body = ''] of row.matchAll(
        /<table:table-cell([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g,
      )) {
        const repeat = Number(/table:number-columns-repeated="(\d+)"/.exec(attrs)?.[1] ?? 1);
        const formula = /table:formula="([^"]*)"/.exec(attrs)?.[1] ?? null;
        for (let i = 0; i < Math.min(repeat, 64); i++) cells.push({ text: cellText(body), formula });
      }
      // Trailing empty cells are the sheet's, not the file's.
      while (cells.length && !cells.at(-1)!.text && !cells.at(-1)!.formula) cells.pop();
      return cells;
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
