import { useQuery } from '@tanstack/react-query';
import {
  REPORT_EXPORT_PATH,
  type DashboardResponse,
  type InvestigatorDetail,
  type ReportResponse,
  type ReportType,
  type ReportUser,
  type StatisticsResponse,
} from '@vialex/domain';
import { ApiError, api } from '../../../lib/api';

/** What Consultar sends: the query type and its filters (empty ones left out). */
export interface ReportParams {
  tipo: ReportType;
  desde?: string;
  hasta?: string;
  estado?: string;
  usuario?: string;
}

export interface ReportPageParams extends ReportParams {
  cursor?: string;
  dir?: 'next' | 'prev';
}

function query(params: object): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}

/** Every reports query lives under this key. */
export const reportsKey = ['reportes'] as const;

export function fetchReport(params: ReportPageParams, signal?: AbortSignal) {
  return api.get<ReportResponse>(`/api/reportes?${query(params)}`, { signal });
}

export function useReport(params: ReportPageParams | null) {
  return useQuery({
    queryKey: [...reportsKey, 'consulta', params],
    queryFn: ({ signal }) => fetchReport(params!, signal),
    enabled: !!params,
    retry: false,
  });
}

export function useInvestigatorDetail(id: string | null, filters: ReportParams | null) {
  return useQuery({
    queryKey: [...reportsKey, 'investigador', id, filters],
    queryFn: ({ signal }) => {
      const { desde, hasta, estado, usuario } = filters ?? {};
      return api.get<InvestigatorDetail>(
        `/api/reportes/investigadores/${id}?${query({ desde, hasta, estado, usuario })}`,
        {
          signal,
        },
      );
    },
    enabled: !!id,
    retry: false,
  });
}

export function useReportUsers(q: string) {
  return useQuery({
    queryKey: [...reportsKey, 'usuarios', q],
    queryFn: ({ signal }) => api.get<ReportUser[]>(`/api/reportes/usuarios?${query({ q })}`, { signal }),
    retry: false,
    staleTime: 30_000,
  });
}

/** Where Exportar downloads the query from. */
export const exportUrl = (params: ReportParams) => `${REPORT_EXPORT_PATH}?${query(params)}`;

/**
 * Downloads the export: the server streams the CSV; the browser gets it whole and saves it under
 * the server's file name (Content-Disposition). Refusals are ApiErrors like every call's.
 */
export async function downloadExport(params: ReportParams): Promise<string> {
  let res: Response;
  try {
    res = await fetch(exportUrl(params), { credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, { statusCode: 0, code: 'NETWORK', message: 'network' });
  }
  if (!res.ok) {
    const body = await res.json().catch(() => ({ statusCode: res.status, code: String(res.status), message: '' }));
    throw new ApiError(res.status, body);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'reporte.csv';
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
  return name;
}

export const dashboardKey = [...reportsKey, 'dashboard'] as const;

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => api.get<DashboardResponse>('/api/dashboard', { signal }),
  });
}

export function useStatistics(id: string, range: { desde: string; hasta: string }) {
  return useQuery({
    queryKey: [...reportsKey, 'estadistica', id, range],
    queryFn: ({ signal }) => api.get<StatisticsResponse>(`/api/estadisticas/${id}?${query(range)}`, { signal }),
    retry: false,
  });
}
