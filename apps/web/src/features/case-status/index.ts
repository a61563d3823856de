/** GESTIÓN, the status change with an optional document (issue 11), composed by app/. */
export { CaseStatusPanel, type CaseStatusPanelProps } from './case-status-panel';
