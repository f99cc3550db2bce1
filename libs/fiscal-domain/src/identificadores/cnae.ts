/** CNAE as the catalog and the layouts hold it: 7 digits (requests may write `6201-5/01`). */
export const normalizarCnae = (cnae: string) => cnae.replace(/[.\-/\s]/g, '');

export const cnaeValido = (cnae: string) => /^\d{7}$/.test(normalizarCnae(cnae));
