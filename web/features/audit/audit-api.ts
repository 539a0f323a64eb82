import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { endpoints } from '../../../contract/endpoints/index.ts';
import { authorApi } from '../../api/clients.ts';
import { saveFile } from '../../lib/save-file.ts';
import type { AuditQuery } from './audit-filter.ts';

const PAGE = 50;

/** The log newest first, in pages of 50; each further page continues before the last entry shown. */
export function useAuditLog(query: AuditQuery) {
  return useInfiniteQuery({
    queryKey: ['audit', query],
    queryFn: ({ pageParam }) =>
      authorApi.call(endpoints.auditLog, {
        ...query,
        limit: PAGE,
        ...(pageParam !== null ? { before_id: pageParam } : {}),
      }),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.next_before_id,
    placeholderData: keepPreviousData,
  });
}

/** Every entry the filters select, as the server's CSV, downloaded as a file. */
export async function downloadAuditCsv(query: AuditQuery, filename: string): Promise<void> {
  const blob = await authorApi.call(endpoints.auditLogCsv, query, { responseType: 'blob' });
  saveFile(blob, filename);
}
