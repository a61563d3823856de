/** GESTIÓN, the status change with an optional document, composed by app/. */
export { CaseStatusPanel, type CaseStatusPanelProps } from './case-status-panel';
