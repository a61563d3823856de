/** The SMS with the client's case link and the export request, composed by app/. */
export { CaseSmsPanel, type CaseSmsPanelProps } from './case-sms-panel';
export { ExportCaseButton, type ExportCaseButtonProps } from './export-case-button';
export { useExportRequest, type ExportTarget } from './use-export-request';
