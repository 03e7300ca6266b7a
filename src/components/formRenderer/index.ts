export { FormRenderer, type FormRendererProps } from './FormRenderer';
export { questionElementId } from './QuestionField';
export { type SignatureHandle, SignatureCanvas } from './SignatureCanvas';
export type { Upload } from './types';
