/** The `vcf` package ships no types: the little of it the vCard tests use. */
declare module 'vcf' {
  class Property {
    _field: string;
    group?: string;
    type?: string | string[];
    encoding?: string;
    valueOf(): string;
  }
  class VCard {
    version: string;
    data: Record<string, Property | Property[]>;
    parse(text: string): VCard;
    get(key: string): Property | Property[] | undefined;
  }
  export default VCard;
}
