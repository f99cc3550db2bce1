export * from './tipos';
export * from './preenchimento';
export * from './codigos-tributarios';
export * from './validar-item';
export * from './formatos-codigos';
export * from './texto-sefaz';
