import { maxValue, minValue, NumberInput, type NumberInputProps, required } from 'react-admin';

interface CountInputProps extends NumberInputProps {
  min: number;
  max: number;
  /** May be left empty; otherwise it is required. */
  optional?: boolean;
}

/** A number from `min` to `max`: the field's arrows and the form's check keep to the same range. */
export function CountInput({ min, max, optional, ...props }: CountInputProps) {
  const range = [minValue(min), maxValue(max)];
  return <NumberInput min={min} max={max} validate={optional ? range : [required(), ...range]} {...props} />;
}
