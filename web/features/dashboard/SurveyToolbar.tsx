import AddIcon from '@mui/icons-material/Add';
import HubIcon from '@mui/icons-material/Hub';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NativeSelectField } from '../../components/NativeSelectField.tsx';
import { SORT_KEYS, type SortKey } from './survey-list.ts';

interface Props {
  query: string;
  onQuery(query: string): void;
  sort: SortKey;
  onSort(sort: SortKey): void;
  onCreate(): void;
}

/**
 * Search, sort, the dialog managers and 'Neuer Dialog'. The two fields are TextField's parts without
 * TextField, and the sort a native select: MUI's TextField brings Select, Menu and Popover along, ~10 kB
 * gzip on the author's first page (issue 23).
 */
export function SurveyToolbar({ query, onQuery, sort, onSort, onCreate }: Props) {
  const { t } = useTranslation();
  const searchId = useId();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <FormControl size="small" sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}>
        <InputLabel htmlFor={searchId}>{t('dashboard.search')}</InputLabel>
        <OutlinedInput
          id={searchId}
          type="search"
          label={t('dashboard.search')}
          value={query}
          onChange={(e) => onQuery(e.target.value)}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
        />
      </FormControl>
      <NativeSelectField
        label={t('dashboard.sortBy')}
        value={sort}
        options={SORT_KEYS}
        optionLabel={(key) => t(`dashboard.sort.${key}`)}
        onChange={onSort}
        sx={{ minWidth: 200 }}
      />
      <Stack sx={{ flexGrow: 1 }} />
      <Button variant="outlined" startIcon={<HubIcon />} component={Link} to="/managers">
        {t('managers.open')}
      </Button>
      <Button variant="contained" startIcon={<AddIcon />} onClick={onCreate}>
        {t('dashboard.create')}
      </Button>
    </Stack>
  );
}
