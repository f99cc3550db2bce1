export * from './configuracao';
