import AddIcon from '@mui/icons-material/AddCircleOutline';
import { Button, useSimpleFormIterator } from 'react-admin';

/**
 * "Add position" under the position lines. SimpleFormIterator renders whatever `addButton` it is
 * given as is, so the button has to reach the iterator's `add` itself; a new line starts empty.
 */
export function AddPositionButton() {
  const { add } = useSimpleFormIterator();
  return (
    <Button label="users.positions.add" onClick={() => add({ node_id: null, role_id: null })}>
      <AddIcon />
    </Button>
  );
}
