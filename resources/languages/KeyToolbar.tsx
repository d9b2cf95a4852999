import { Box, Button, InputAdornment, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import FilterListIcon from '@mui/icons-material/FilterList';
import AddIcon from '@mui/icons-material/Add';
import { useMessages } from '../../base/locale';

/** Which keys the editor shows: all, or only those empty here or missing or empty in the other language. */
export type Show = 'all' | 'todo';

interface Props {
  filter: string;
  onFilter: (filter: string) => void;
  show: Show;
  onShow: (show: Show) => void;
  /** How many keys are empty or missing, shown on the toggle. */
  todo: number;
  onAddKey: () => void;
}

/** Above the texts: the filter box, the 'All / Empty or missing' toggle and 'Add a key'. */
export function KeyToolbar({ filter, onFilter, show, onShow, todo, onAddKey }: Props) {
  const t = useMessages().languages;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 3 }}>
      <TextField
        label={t.filter}
        type="search"
        value={filter}
        onChange={(e) => onFilter(e.target.value)}
        size="small"
        sx={{ flex: '1 1 220px', maxWidth: 360 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <FilterListIcon aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={show}
        onChange={(_e, next: Show | null) => next && onShow(next)}
        aria-label={t.show}
      >
        <ToggleButton value="all" sx={{ textTransform: 'none' }}>
          {t.showAll}
        </ToggleButton>
        <ToggleButton value="todo" sx={{ textTransform: 'none' }}>
          {`${t.showTodo} (${todo})`}
        </ToggleButton>
      </ToggleButtonGroup>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onAddKey} sx={{ ml: { sm: 'auto' } }}>
        {t.newKey}
      </Button>
    </Box>
  );
}
