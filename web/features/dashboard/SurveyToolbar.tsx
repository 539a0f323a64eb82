import AddIcon from '@mui/icons-material/Add';
import HubIcon from '@mui/icons-material/Hub';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SelectField } from '../../components/SelectField.tsx';
import { SORT_KEYS, type SortKey } from './survey-list.ts';

interface Props {
  query: string;
  onQuery(query: string): void;
  sort: SortKey;
  onSort(sort: SortKey): void;
  onCreate(): void;
}

/** Search, sort, the dialog managers and 'Neuer Dialog'. */
export function SurveyToolbar({ query, onQuery, sort, onSort, onCreate }: Props) {
  const { t } = useTranslation();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
      <TextField
        size="small"
        type="search"
        label={t('dashboard.search')}
        value={query}
        onChange={(e) => onQuery(e.target.value)}
        sx={{ flexGrow: 1, maxWidth: { sm: 420 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <SelectField
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
