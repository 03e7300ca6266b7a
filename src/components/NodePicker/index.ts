export { NodePicker, type NodePickerProps } from './NodePicker';
export { NodePickerInput, type NodePickerInputProps } from './NodePickerInput';
export { NodeTypeIcon } from './NodeTypeIcon';
export { type SelectionOption, type SelectionOptions, selectionOptions } from './selectionTree';
export { hierarchyTreeQuery } from './useHierarchyTree';
