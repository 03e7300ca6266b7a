import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** The magnifier at the start of a search box. */
export const searchAdornment = (
  <InputAdornment position="start">
    <SearchIcon fontSize="small" />
  </InputAdornment>
);

/** A small, full-width search box; its placeholder is its accessible name too. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      fullWidth
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      slotProps={{ input: { startAdornment: searchAdornment }, htmlInput: { 'aria-label': label } }}
    />
  );
}
