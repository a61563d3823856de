// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { esES as muiEsES } from '@mui/material/locale';
import { esES } from './locale-es';

type Fn = (...args: never[]) => unknown;
const props = (locale: object, component: string) =>
  (locale as { components: Record<string, { defaultProps: Record<string, unknown> }> }).components[component]
    .defaultProps;

describe('esES', () => {
  it("says what MUI's own Spanish locale says", () => {
    const ours = (esES as { components: object }).components;
    expect(Object.keys(ours)).toEqual(Object.keys(muiEsES.components!));
    for (const component of Object.keys(ours)) {
      const mine = props(esES, component);
      const theirs = props(muiEsES, component);
      expect(Object.keys(mine), component).toEqual(Object.keys(theirs));
      for (const [key, value] of Object.entries(mine)) {
        if (typeof value !== 'function') expect(value, `${component}.${key}`).toBe(theirs[key]);
      }
    }
    const pager = props(esES, 'MuiTablePagination');
    const muiPager = props(muiEsES, 'MuiTablePagination');
    for (const rows of [
      { from: 1, to: 10, count: 12345 },
      { from: 1001, to: 2000, count: -1 },
    ])
      expect((pager.labelDisplayedRows as Fn)(rows as never)).toBe((muiPager.labelDisplayedRows as Fn)(rows as never));
    for (const type of ['first', 'last', 'next', 'previous'])
      expect((pager.getItemAriaLabel as Fn)(type as never)).toBe((muiPager.getItemAriaLabel as Fn)(type as never));
    const pagination = props(esES, 'MuiPagination');
    const muiPagination = props(muiEsES, 'MuiPagination');
    for (const args of [['page', 3, true], ['page', 3, false], ['first'], ['last'], ['next'], ['previous']])
      expect((pagination.getItemAriaLabel as Fn)(...(args as never[]))).toBe(
        (muiPagination.getItemAriaLabel as Fn)(...(args as never[])),
      );
    const rating = props(esES, 'MuiRating');
    for (const v of [1, 2])
      expect((rating.getLabelText as Fn)(v as never)).toBe(
        (props(muiEsES, 'MuiRating').getLabelText as Fn)(v as never),
      );
  });
});
