/** What other features use of generated forms: a form's record list, as a menu opens it (a report's drill-through holds it to values). */
export { FormRecords } from './pages/FormRecords.tsx';
