export { FormRenderer } from './FormRenderer';
export { questionElementId } from './QuestionField';
export { SignatureCanvas, type SignatureHandle } from './SignatureCanvas';
export type { Upload } from './types';
