/** CPF check digits: weights 10..2 then 11..2, remainder below 2 gives 0. */
function digito(base: string, pesoInicial: number): number {
  let soma = 0;
  for (let i = 0; i < base.length; i++) soma += Number(base[i]) * (pesoInicial - i);
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export function normalizarCpf(cpf: string): string {
  return cpf.replace(/[.\-\s]/g, '');
}

export function calcularDigitosCpf(base9: string): string {
  if (!/^\d{9}$/.test(base9)) throw new Error(`Base de CPF inválida: ${base9}`);
  const dv1 = digito(base9, 10);
  const dv2 = digito(base9 + dv1, 11);
  return `${dv1}${dv2}`;
}

export function validarCpf(cpf: string | null | undefined): boolean {
  if (typeof cpf !== 'string') return false;
  const c = normalizarCpf(cpf);
  if (!/^\d{11}$/.test(c) || /^(\d)\1{10}$/.test(c)) return false;
  return calcularDigitosCpf(c.slice(0, 9)) === c.slice(9);
}
