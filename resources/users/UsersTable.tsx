import { Link } from 'react-router-dom';
import { Button, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import type { User } from '../../domain/users';
import { useMessages } from '../../src/locale';
import { flagLabel, fullName, shortDate } from './format';
import { editUserPath } from './paths';
import { SimpleRows, useSmallScreen } from '../shared/SimpleRows';

interface Props {
  rows: User[];
  /** Index of the first row of the page loaded last, whose EDIT link takes the focus (after 'More'). */
  focusRow?: number;
}

/** The users table: Name, Email, Created, User Type, Active, Editor, Admin, and an EDIT link per row. */
export function UsersTable({ rows, focusRow }: Props) {
  const m = useMessages();
  const t = m.users;
  const headings = [t.name, t.email, t.created, t.userType, t.active, t.editor, t.admin];
  const small = useSmallScreen();
  // On a phone: a simple list, name and email, a tap opens the edit page.
  if (small) {
    return (
      <SimpleRows
        label={t.title}
        focusRow={focusRow}
        rows={rows.map((u) => ({
          key: u.uid,
          to: editUserPath(u.uid),
          primary: fullName(u),
          secondary: `${u.email} · ${u.userType}`,
          linkLabel: `${m.common.edit} ${fullName(u)}`,
        }))}
      />
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={t.title}>
        <TableHead>
          <TableRow>
            {headings.map((h) => (
              <TableCell key={h} scope="col" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {h}
              </TableCell>
            ))}
            <TableCell scope="col">
              <span style={hidden}>
                {m.common.edit}
              </span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((u, i) => (
            <TableRow key={u.uid} hover>
              <TableCell component="th" scope="row">
                {fullName(u)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{u.email}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{shortDate(u.created, m)}</TableCell>
              <TableCell>{u.userType}</TableCell>
              <TableCell>{flagLabel(u.active, m)}</TableCell>
              <TableCell>{flagLabel(u.isEditor, m)}</TableCell>
              <TableCell>{flagLabel(u.isAdmin, m)}</TableCell>
              <TableCell align="right">
                <Button
                  component={Link}
                  to={editUserPath(u.uid)}
                  size="small"
                  startIcon={<EditIcon />}
                  aria-label={`${m.common.edit} ${fullName(u)}`}
                  ref={i === focusRow ? focusOnMount : undefined}
                >
                  {m.common.edit}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

// Seen by screen readers only: the EDIT column's heading.
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

function focusOnMount(el: HTMLElement | null): void {
  el?.focus();
}
