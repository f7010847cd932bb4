declare const phrase: unique symbol
/**
 * A message inside another (the reason of ``Invalid `x` param: …``), said in the same language as the
 * message that holds it. A catalogue's entry declares such a value with this type; whoever builds the
 * message passes an `ErrorMessage` for it.
 */
export type Phrase = string & { readonly [phrase]: true }
