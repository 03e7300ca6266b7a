export { NodePicker } from './NodePicker';
export { NodePickerInput } from './NodePickerInput';
export { NodeTypeIcon } from './NodeTypeIcon';
export { type SelectionOptions, selectionOptions } from './selectionTree';
export { hierarchyTreeQuery } from './useHierarchyTree';
