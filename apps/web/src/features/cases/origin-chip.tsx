/** Shared with the case workspace: the chip lives in components/. */
export { OriginChip } from '../../components/origin-chip';
