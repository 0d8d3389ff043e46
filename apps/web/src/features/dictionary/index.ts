/** What other features use of dictionaries: the dictionary-category select, whose 添加 opens the dictionary management. */
export { DictionaryTypeSelect } from './components/DictionaryTypeSelect.tsx';
