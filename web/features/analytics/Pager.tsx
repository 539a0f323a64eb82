import TablePagination from '@mui/material/TablePagination';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A paged table's place and size; a new size starts again at the first page. */
export function usePaging(initialSize = 10) {
  const [page, setPage] = useState(0);
  const [pageSize, setSize] = useState(initialSize);
  const setPageSize = (size: number) => {
    setSize(size);
    setPage(0);
  };
  return { page, setPage, pageSize, setPageSize };
}

/**
 * On a phone the footer's parts do not fit one line: they wrap (right-aligned, without the spacer that
 * would take a line of its own), so the page buttons stay on screen instead of in a hidden scroll.
 */
const PHONE_WRAP = {
  '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', pl: { xs: 0, sm: 2 } },
  '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
} as const;

/** The footer of the Analyse module's paged tables, in German. */
export function Pager(props: {
  paging: ReturnType<typeof usePaging>;
  count: number;
  sizes: readonly number[];
}) {
  const { t } = useTranslation();
  const { page, setPage, pageSize, setPageSize } = props.paging;
  return (
    <TablePagination
      component="div"
      count={props.count}
      page={page}
      onPageChange={(_, next) => setPage(next)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[...props.sizes]}
      onRowsPerPageChange={(e) => setPageSize(Number(e.target.value))}
      labelRowsPerPage={t('analytics.answers.rowsPerPage')}
      labelDisplayedRows={({ from, to, count }) => t('analytics.answers.range', { from, to, count })}
      sx={PHONE_WRAP}
    />
  );
}
