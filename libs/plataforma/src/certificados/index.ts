export * from './raizes-icp-brasil';
export * from './ac-teste';
