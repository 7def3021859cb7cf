/** Colours offered next to the colour inputs (Mantine's palette, shade 6). */
export const SWATCHES = [
  '#12b886',
  '#228be6',
  '#7950f2',
  '#be4bdb',
  '#e64980',
  '#fa5252',
  '#fd7e14',
  '#fab005',
  '#40c057',
  '#15aabf',
  '#495057',
  '#1c7ed6',
];
