package worksheet

import "strings"

// labels are the words the server itself prints on a sheet, in the document's language.
type labels struct {
	Name, Date, Period, Instructor, AnswerKey, True, False, Legend, Missing, Point, Points string
}

var labelsByLanguage = map[string]labels{
	"en": {"Name", "Date", "Period", "Instructor", "Answer Key", "True", "False",
		"marks an answer checked by computation", "Figure not available", "point", "points"},
	"es": {"Nombre", "Fecha", "Periodo", "Profesor", "Clave de respuestas", "Verdadero", "Falso",
		"marca una respuesta comprobada por cálculo", "Figura no disponible", "punto", "puntos"},
	"fr": {"Nom", "Date", "Période", "Enseignant", "Corrigé", "Vrai", "Faux",
		"marque une réponse vérifiée par le calcul", "Figure non disponible", "point", "points"},
	"pt": {"Nome", "Data", "Período", "Professor", "Gabarito", "Verdadeiro", "Falso",
		"marca uma resposta verificada por cálculo", "Figura não disponível", "ponto", "pontos"},
	"de": {"Name", "Datum", "Stunde", "Lehrkraft", "Lösungen", "Wahr", "Falsch",
		"markiert eine rechnerisch geprüfte Antwort", "Abbildung nicht verfügbar", "Punkt", "Punkte"},
}

// labelsFor is the labels of a BCP 47 language tag ("es", "es-MX"); English when unknown.
func labelsFor(lang string) labels {
	primary, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(lang)), "-")
	if l, ok := labelsByLanguage[primary]; ok {
		return l
	}
	return labelsByLanguage["en"]
}

// Labels are the words the server prints on a sheet, for writers outside this package (the
// Word export).
type Labels = labels

// LabelsFor is the labels of a BCP 47 language tag; English when unknown.
func LabelsFor(lang string) Labels { return labelsFor(lang) }
