// The QnA import's template: the sheet's columns, a note on each header explaining it, two example
// rows that import as new QnAs, and a second sheet 'Instrucciones' with the same rules.
import ExcelJS from 'exceljs';
import { COLUMNAS, MAX_PREGUNTA, MAX_RESPUESTA, MAX_TAG, MAX_UID, MAX_VARIANTE, MAX_VARIANTES, type Columna } from './hojaFilas';

const AYUDA: Record<Columna, string> = {
  uid: `Escriba - para crear una QnA nueva, o el identificador de una QnA existente para actualizarla (máximo ${MAX_UID} caracteres).`,
  pregunta: `La pregunta tal como se muestra. Obligatoria, máximo ${MAX_PREGUNTA} caracteres.`,
  variantes: `Otras formas de hacer la pregunta: una por línea dentro de la celda, o separadas por |. Opcional; hasta ${MAX_VARIANTES} variantes de máximo ${MAX_VARIANTE} caracteres cada una.`,
  tags: `Nombres de tags separados por comas. Opcional (vacío es el tag global); máximo ${MAX_TAG} caracteres cada uno.`,
  respuesta: `El texto de la respuesta; puede tener saltos de línea. Obligatoria, máximo ${MAX_RESPUESTA} caracteres.`,
};

const EJEMPLOS: Array<Record<Columna, string>> = [
  {
    uid: '-',
    pregunta: '¿Cuál es el horario de atención?',
    variantes: '¿A qué hora abren?\n¿Hasta qué hora atienden?',
    tags: 'horarios',
    respuesta: 'Atendemos de lunes a viernes, de 9:00 a 18:00.',
  },
  {
    uid: '-',
    pregunta: '¿Cómo recupero mi contraseña?',
    variantes: 'Olvidé mi contraseña | No puedo ingresar',
    tags: 'cuenta, soporte',
    respuesta: 'Ingrese a la página de acceso y elija «Olvidé mi contraseña».\nLe enviaremos un correo con los pasos.',
  },
];

const ANCHO: Record<Columna, number> = { uid: 12, pregunta: 40, variantes: 45, tags: 20, respuesta: 60 };

export async function qnaTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const hoja = workbook.addWorksheet('QnA', { views: [{ state: 'frozen', ySplit: 1 }] });
  hoja.columns = COLUMNAS.map((c) => ({ header: c, key: c, width: ANCHO[c], style: { alignment: { wrapText: true, vertical: 'top' } } }));
  const header = hoja.getRow(1);
  header.font = { bold: true };
  COLUMNAS.forEach((c, i) => {
    header.getCell(i + 1).note = AYUDA[c];
  });
  for (const ejemplo of EJEMPLOS) hoja.addRow(ejemplo);

  const instrucciones = workbook.addWorksheet('Instrucciones');
  instrucciones.columns = [
    { header: 'Columna', width: 14 },
    { header: 'Qué contiene', width: 100, style: { alignment: { wrapText: true, vertical: 'top' } } },
  ];
  instrucciones.getRow(1).font = { bold: true };
  for (const c of COLUMNAS) instrucciones.addRow([c, AYUDA[c]]);
  instrucciones.addRow([]);
  instrucciones.addRow(['', 'Se lee solo la primera hoja; la fila 1 lleva los nombres de las columnas, en cualquier orden. Las filas con errores se informan y las demás se importan.']);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
