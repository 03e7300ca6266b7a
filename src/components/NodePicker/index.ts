export { NodePicker, type NodePickerProps } from './NodePicker';
export { NodePickerInput, type NodePickerInputProps } from './NodePickerInput';
export { NodeTypeIcon } from './NodeTypeIcon';
export { type SelectionOption, type SelectionOptions, selectionOptions } from './selectionTree';
export { fetchHierarchyTree, HIERARCHY_TREE_KEY, useHierarchyTree } from './useHierarchyTree';
