import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { RolePermission } from '../../../contract/api/roles';
import type { Capability, ModuleId } from '../../../contract/modules';
import {
  columnSelection,
  fromMatrix,
  hasCapability,
  MATRIX_COLUMNS,
  MATRIX_MODULES,
  type Matrix,
  rowSelection,
  setStatus,
  toggleCell,
  toggleColumn,
  toggleRow,
  toMatrix,
} from './permissionMatrix';

export interface PermissionMatrixProps {
  value: readonly RolePermission[] | undefined;
  /** Without it the matrix is read-only (the role's detail page). */
  onChange?: (next: RolePermission[]) => void;
  disabled?: boolean;
}

/** Spec §6's capabilities whose meaning is special to their module. */
const HINTS: Readonly<Record<string, string>> = {
  'user.disable': 'roles.hints.user_disable',
  'mytasks.complete': 'roles.hints.mytasks_complete',
  'compliance.complete': 'roles.hints.compliance_complete',
  'taskmanagement.manage': 'roles.hints.taskmanagement_manage',
  'audit.update': 'roles.hints.audit_update',
  'profile.update': 'roles.hints.profile_update',
};

const stickyCell = { position: 'sticky', left: 0, bgcolor: 'background.paper', zIndex: 1 } as const;

/**
 * A role's permissions as modules × capabilities (spec §6). Each module offers only the
 * capabilities it has; a row's first box and each column's header box select all at once, and the
 * switch turns a module off without forgetting what was ticked.
 */
export function PermissionMatrix({ value, onChange, disabled }: PermissionMatrixProps) {
  const translate = useTranslate();
  const matrix = useMemo(() => toMatrix(value ? [...value] : []), [value]);
  const editable = onChange !== undefined && !disabled;
  const change = (next: Matrix) => onChange?.(fromMatrix(next));
  const moduleLabel = (m: ModuleId) => translate(`roles.modules.${m}`);
  const capabilityLabel = (c: Capability) => translate(`roles.capabilities.${c}`);

  const cell = (module: ModuleId, capability: Capability) => {
    if (!hasCapability(module, capability))
      return (
        <Typography component="span" color="text.disabled" aria-hidden>
          –
        </Typography>
      );
    const checked = matrix[module].capabilities.includes(capability);
    const label = `${moduleLabel(module)}: ${capabilityLabel(capability)}`;
    const hintKey = HINTS[`${module}.${capability}`];
    const hint = hintKey ? translate(hintKey) : '';
    if (!onChange)
      return checked ? (
        <Tooltip title={hint || label}>
          <CheckIcon fontSize="small" color="success" aria-label={label} titleAccess={label} />
        </Tooltip>
      ) : (
        <Typography
          component="span"
          color="text.disabled"
          aria-label={`${label} ${translate('roles.matrix.no')}`}
        >
          ·
        </Typography>
      );
    const box = (
      <Checkbox
        size="small"
        checked={checked}
        disabled={!editable}
        onChange={(event) => change(toggleCell(matrix, module, capability, event.target.checked))}
        slotProps={{ input: { 'aria-label': label } }}
      />
    );
    return hint ? (
      <Tooltip title={hint}>
        <span>{box}</span>
      </Tooltip>
    ) : (
      box
    );
  };

  return (
    <TableContainer
      // react-admin's layout grows to fit its content, so on a phone the width is bounded by the
      // viewport (less the page padding and the sidebar) and the matrix scrolls sideways inside it.
      sx={{ maxWidth: { xs: 'calc(100vw - 50px)', sm: 'calc(100vw - 300px)' }, overflowX: 'auto' }}
      data-testid="permission-matrix"
      // Read-only, nothing inside takes focus: the scrolling box itself must, so a keyboard can
      // scroll it on a phone (axe scrollable-region-focusable).
      {...(editable
        ? {}
        : { tabIndex: 0, role: 'region', 'aria-label': translate('roles.fields.permissions') })}
    >
      <Table size="small" aria-label={translate('roles.fields.permissions')}>
        <TableHead>
          <TableRow>
            <TableCell sx={stickyCell}>{translate('roles.matrix.module')}</TableCell>
            {onChange && <TableCell padding="checkbox">{translate('roles.matrix.all')}</TableCell>}
            {MATRIX_COLUMNS.map((c) => {
              const state = columnSelection(matrix, c);
              return (
                <TableCell key={c} align="center" sx={{ whiteSpace: 'nowrap' }}>
                  <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                    {capabilityLabel(c)}
                    {onChange && (
                      <Checkbox
                        size="small"
                        checked={state === 'all'}
                        indeterminate={state === 'some'}
                        disabled={!editable}
                        onChange={(event) => change(toggleColumn(matrix, c, event.target.checked))}
                        slotProps={{
                          input: {
                            'aria-label': translate('roles.matrix.select_column', {
                              capability: capabilityLabel(c),
                            }),
                          },
                        }}
                      />
                    )}
                  </Box>
                </TableCell>
              );
            })}
            <TableCell align="center">{translate('roles.matrix.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {MATRIX_MODULES.map((m) => {
            const row = matrix[m];
            const state = rowSelection(matrix, m);
            const inactive = row.status === 'inactive';
            return (
              <TableRow key={m} hover data-testid={`matrix-row-${m}`} sx={{ opacity: inactive ? 0.55 : 1 }}>
                <TableCell component="th" scope="row" sx={{ ...stickyCell, whiteSpace: 'nowrap' }}>
                  {moduleLabel(m)}
                </TableCell>
                {onChange && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      size="small"
                      checked={state === 'all'}
                      indeterminate={state === 'some'}
                      disabled={!editable}
                      onChange={(event) => change(toggleRow(matrix, m, event.target.checked))}
                      slotProps={{
                        input: {
                          'aria-label': translate('roles.matrix.select_row', { module: moduleLabel(m) }),
                        },
                      }}
                    />
                  </TableCell>
                )}
                {MATRIX_COLUMNS.map((c) => (
                  <TableCell key={c} align="center" padding="checkbox">
                    {cell(m, c)}
                  </TableCell>
                ))}
                <TableCell align="center">
                  {onChange ? (
                    <Switch
                      size="small"
                      checked={!inactive}
                      disabled={!editable}
                      onChange={(event) => change(setStatus(matrix, m, event.target.checked))}
                      slotProps={{
                        input: {
                          'aria-label': translate('roles.matrix.module_on', { module: moduleLabel(m) }),
                        },
                      }}
                    />
                  ) : (
                    <Typography variant="caption" color={inactive ? 'text.disabled' : 'text.secondary'}>
                      {translate(inactive ? 'roles.matrix.off' : 'roles.matrix.on')}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
