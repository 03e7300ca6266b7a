import Autocomplete, {
  type AutocompleteRenderInputParams,
  type AutocompleteRenderOptionState,
  createFilterOptions,
} from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type HTMLAttributes, type Key, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { HierarchyNode } from '../../../contract/api/session';
import { ApiError } from '../../providers/httpClient';
import { NodeTypeIcon } from './NodeTypeIcon';
import { type SelectionOption, type SelectionOptions, selectionOptions } from './selectionTree';
import { useHierarchyTree } from './useHierarchyTree';

/** Options rendered at once; more are reached by typing (5,000 stores would make the list sluggish). */
const MAX_SHOWN = 300;

interface CommonProps extends SelectionOptions {
  /** The tree to choose from; by default the caller's own part of the organisation. */
  nodes?: readonly HierarchyNode[];
  label?: string;
  placeholder?: string;
  helperText?: string;
  error?: boolean;
  disabled?: boolean;
  required?: boolean;
  autoFocus?: boolean;
  size?: 'small' | 'medium';
  id?: string;
}

interface SingleNodePickerProps extends CommonProps {
  multiple?: false;
  value: number | null;
  onChange: (id: number | null, option: SelectionOption | null) => void;
}

interface MultipleNodePickerProps extends CommonProps {
  multiple: true;
  value: readonly number[];
  onChange: (ids: number[], options: SelectionOption[]) => void;
}

export type NodePickerProps = SingleNodePickerProps | MultipleNodePickerProps;

const baseFilter = createFilterOptions<SelectionOption>({
  stringify: (o) => `${o.name} ${o.ancestors.join(' ')}`,
});

/**
 * Picks hierarchy nodes following spec §5's selection-tree rules (see selectionTree.ts): an
 * indented, searchable list of the tree in which disabled choices stay visible so the structure
 * reads, and search shows where each match sits.
 */
export function NodePicker(props: NodePickerProps) {
  const translate = useTranslate();
  const fetched = useHierarchyTree();
  const source = props.nodes ?? fetched.nodes;
  const loading = props.nodes === undefined && fetched.isPending;
  // A tree that failed to load says so under the field, with a retry, instead of "No matching place".
  const failed = props.nodes === undefined && fetched.error != null;
  const failure =
    fetched.error instanceof ApiError && fetched.error.message
      ? fetched.error.message
      : translate('hierarchy.picker.load_failed');
  const { includeWorkspaces, includeUnassigned, includeInactive, allowEmptyContainers, excludeIds } = props;
  const options = useMemo(
    () =>
      selectionOptions(source, {
        includeWorkspaces,
        includeUnassigned,
        includeInactive,
        allowEmptyContainers,
        excludeIds,
      }),
    [source, includeWorkspaces, includeUnassigned, includeInactive, allowEmptyContainers, excludeIds],
  );
  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);

  const filterOptions = (all: SelectionOption[], state: Parameters<typeof baseFilter>[1]) => {
    const found = baseFilter(all, state);
    return found.length > MAX_SHOWN ? found.slice(0, MAX_SHOWN) : found;
  };

  const renderOption = (
    attributes: HTMLAttributes<HTMLLIElement> & { key: Key },
    option: SelectionOption,
    state: AutocompleteRenderOptionState,
  ) => {
    const { key, ...rest } = attributes;
    const searching = state.inputValue.trim() !== '';
    return (
      <li key={key} {...rest} data-node-id={option.id}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            pl: searching ? 0 : option.depth * 2,
            minWidth: 0,
          }}
        >
          <NodeTypeIcon type={option.type} color={option.disabled ? 'disabled' : 'action'} />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {option.name}
              {option.status === 'inactive' && (
                <Typography component="span" variant="caption" color="text.secondary">
                  {' '}
                  · {translate('hierarchy.inactive')}
                </Typography>
              )}
            </Typography>
            {searching && option.ancestors.length > 0 && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.ancestors.join(' › ')}
              </Typography>
            )}
          </Box>
        </Box>
      </li>
    );
  };

  const common = {
    id: props.id,
    options,
    loading,
    disabled: props.disabled,
    size: props.size,
    filterOptions,
    getOptionLabel: (o: SelectionOption) => o.name,
    getOptionDisabled: (o: SelectionOption) => o.disabled,
    isOptionEqualToValue: (a: SelectionOption, b: SelectionOption) => a.id === b.id,
    renderOption,
    noOptionsText: failed ? failure : translate('hierarchy.picker.no_match'),
    loadingText: translate('ra.page.loading'),
    renderInput: (params: AutocompleteRenderInputParams) => (
      <TextField
        {...params}
        label={props.label ?? translate('hierarchy.picker.label')}
        placeholder={props.placeholder}
        helperText={
          failed ? (
            <>
              {failure}{' '}
              <Link
                component="button"
                type="button"
                onClick={fetched.retry}
                sx={{ verticalAlign: 'baseline' }}
              >
                {translate('shell.retry')}
              </Link>
            </>
          ) : (
            props.helperText
          )
        }
        error={props.error || failed}
        required={props.required}
        autoFocus={props.autoFocus}
        slotProps={{
          input: {
            ...params.InputProps,
            endAdornment: (
              <>
                {loading && <CircularProgress color="inherit" size={18} />}
                {params.InputProps.endAdornment}
              </>
            ),
          },
        }}
      />
    ),
  };

  if (props.multiple) {
    const value = props.value.map((id) => byId.get(id)).filter((o): o is SelectionOption => o !== undefined);
    return (
      <Autocomplete<SelectionOption, true>
        {...common}
        multiple
        disableCloseOnSelect
        value={value}
        onChange={(_, chosen) =>
          props.onChange(
            chosen.map((o) => o.id),
            chosen,
          )
        }
      />
    );
  }
  const value = props.value === null ? null : (byId.get(props.value) ?? null);
  return (
    <Autocomplete<SelectionOption, false>
      {...common}
      value={value}
      onChange={(_, chosen) => props.onChange(chosen?.id ?? null, chosen)}
    />
  );
}
