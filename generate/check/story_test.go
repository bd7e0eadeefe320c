package check

import "testing"

// The story templates, each with right answers, wrong ones and near misses that must stay
// unchecked.
var storyCases = []realCase{
	// how many more / fewer
	{text: `Ana has 23 stickers. Tom has 15 stickers. How many more stickers does Ana have than Tom?`, answer: `8`, want: "ok"},
	{text: `Ana has 23 stickers. Tom has 15 stickers. How many more stickers does Ana have than Tom?`, answer: `38`, want: "8"},
	{text: `Ana has 23 stickers and Tom has 15. How many fewer stickers does Tom have?`, answer: `8`, want: "ok"},
	{text: `Ana has 23 stickers and Tom has 15. How many fewer stickers does Tom have?`, answer: `7`, want: "8"},
	{text: `Mia scored 42 points. Leo scored 57 points. How many more points did Leo score than Mia?`, answer: `15`, want: "ok"},
	{text: `Mia scored 42 points. Leo scored 57 points. How many more points did Leo score than Mia?`, answer: `99`, want: "15"},
	{text: `Sofía tiene 35 canicas. Pablo tiene 20 canicas. ¿Cuántas canicas más tiene Sofía?`, answer: `15`, want: "ok"},
	{text: `Sofía tiene 35 canicas. Pablo tiene 20 canicas. ¿Cuántas canicas más tiene Sofía?`, answer: `55`, want: "15"},
	{text: `Ana has 23 stickers. Tom has 15 stickers. How many more stickers does Tom have?`, answer: `8`, want: "-"},
	{text: `Ana has 23 stickers. Tom has 15 stickers. How many more stickers does she have?`, answer: `8`, want: "-"},
	{text: `Ana has 23 stickers. Tom has 15 marbles. How many more stickers does Ana have?`, answer: `8`, want: "-"},
	{text: `Ana has 23 stickers. Tom has 15 more stickers than Ana. How many more stickers does Tom have?`, answer: `15`, want: "-"},
	{text: `Ana has 23 stickers. Tom has 15 stickers. Ana gives Tom 4 stickers. How many more stickers does Ana have now?`, answer: `0`, want: "-"},
	{text: `Ana has 23 stickers. Tom has 15 stickers. How many stickers do they have altogether?`, answer: `38`, want: "-"},
	{text: `Ana has 23 stickers. Tom has 15 stickers. How many more stickers does Ana need to have 30?`, answer: `7`, want: "-"},
	// the mean of a list
	{text: `Find the mean of 4, 8, 6, 10 and 7.`, answer: `7`, want: "ok"},
	{text: `Find the mean of 4, 8, 6, 10 and 7.`, answer: `8`, want: "7"},
	{text: `What is the average of $12$, $15$ and $18$?`, answer: `15`, want: "ok"},
	{text: `The test scores are 80, 90, 85 and 95. What is the mean score?`, answer: `87.5`, want: "ok"},
	{text: `The test scores are 80, 90, 85 and 95. What is the mean score?`, answer: `90`, want: "87.5"},
	{text: `Calcula la media de 3, 5 y 10.`, answer: `6`, want: "ok"},
	{text: `Find the mean of $-3$, $5$ and $10$.`, answer: `4`, want: "ok"},
	{text: `Find the mean of 2, 4 and 7.`, answer: `4.33`, want: "-"},
	{text: `Find the mean of 2, 4 and 7. Round to the nearest tenth.`, answer: `4.3`, want: "-"},
	{text: `Find the median of 4, 8, 6, 10 and 7.`, answer: `7`, want: "-"},
	{text: `The mean of 4, 8 and x is 6. Find x.`, answer: `6`, want: "-"},
	{text: `Find the mean and the range of 4, 8 and 6.`, answer: `6`, want: "-"},
	{text: `The mean of five numbers is 8. Four of them are 6, 7, 9 and 10. What is the fifth number?`, answer: `8`, want: "-"},
	// distance, speed and time
	{text: `A car travels at 60 km/h for 3 hours. How far does it travel?`, answer: `180 km`, want: "ok"},
	{text: `A car travels at 60 km/h for 3 hours. How far does it travel?`, answer: `20 km`, want: "180 km"},
	{text: `A train goes 80 miles per hour for 2.5 hours. How far does it go?`, answer: `200 miles`, want: "ok"},
	{text: `A cyclist rides for 2 hours at 12 mph. How many miles does she ride?`, answer: `24`, want: "ok"},
	{text: `Un coche viaja a 90 km/h durante 2 horas. ¿Qué distancia recorre?`, answer: `180 km`, want: "ok"},
	{text: `A car travels 150 miles in 3 hours. What is its average speed?`, answer: `50 mph`, want: "ok"},
	{text: `A car travels 150 miles in 3 hours. What is its average speed?`, answer: `450 mph`, want: "50 mph"},
	{text: `A runner runs 12 km in 1.5 hours. How fast does she run?`, answer: `8 km/h`, want: "ok"},
	{text: `How long does it take to drive 150 miles at 50 mph?`, answer: `3 hours`, want: "ok"},
	{text: `How long does it take to drive 150 miles at 50 mph?`, answer: `2 hours`, want: "3 hours"},
	{text: `A car travels 150 miles in 3 hours. How many hours does it take per mile?`, answer: `1/50`, want: "-"},
	{text: `A car travels at 60 km/h for 30 minutes. How far does it travel?`, answer: `30 km`, want: "-"},
	{text: `A car travels at 60 km/h for 3 hours, then at 40 km/h for 1 hour. How far does it travel?`, answer: `220 km`, want: "-"},
	{text: `A car travels at 60 km/h for 3 hours. How far does it travel in metres?`, answer: `180000`, want: "-"},
	{text: `A car travels 100 km in 3 hours. What is its average speed?`, answer: `33.3 km/h`, want: "-"},
	{text: `How long does it take to drive 150 miles at 50 km/h?`, answer: `3 hours`, want: "-"},
	{text: `A car travels at 60 km/h for 3 hours. How far does it travel?`, answer: `180 miles`, want: "unread"},
	// percent increase and decrease
	{text: `The price of a game rose from \$40 to \$50. What is the percent increase?`, answer: `25%`, want: "ok"},
	{text: `The price of a game rose from \$40 to \$50. What is the percent increase?`, answer: `20%`, want: `25\%`},
	{text: `A town's population grew from 2,000 to 2,500. What is the percent increase?`, answer: `25`, want: "ok"},
	{text: `Find the percent decrease from 80 to 60.`, answer: `25%`, want: "ok"},
	{text: `Find the percent decrease from 80 to 60.`, answer: `20%`, want: `25\%`},
	{text: `Increase 80 by 15%.`, answer: `92`, want: "ok"},
	{text: `Increase 80 by 15%.`, answer: `12`, want: "92"},
	{text: `What is \$60 decreased by 25%?`, answer: `\$45`, want: "ok"},
	{text: `The price rose from \$40 to \$50. What is the percent decrease?`, answer: `25%`, want: "-"},
	{text: `Find the percent change from 50 to 40.`, answer: `-20%`, want: "-"},
	{text: `The price rose from \$40 to \$50 and then to \$60. What is the percent increase?`, answer: `50%`, want: "-"},
	{text: `Find the percent increase from 30 to 40.`, answer: `33.3%`, want: "-"},
	{text: `The price rose from \$40 to \$50. What is the new price as a percent of the old price?`, answer: `125%`, want: "-"},
	{text: `After a 25% increase the price is \$50. What was the original price?`, answer: `\$40`, want: "-"},
	{text: `Increase 80 by 15%, then decrease the result by 10%.`, answer: `82.8`, want: "-"},
	// sharing in a ratio
	{text: `Ana and Ben share \$40 in the ratio 3:5. How much does Ben get?`, answer: `\$25`, want: "ok"},
	{text: `Ana and Ben share \$40 in the ratio 3:5. How much does Ben get?`, answer: `\$15`, want: `\$25`},
	{text: `Ana and Ben share 56 sweets in the ratio 3 : 4. How many sweets does Ana get?`, answer: `24`, want: "ok"},
	{text: `Share \$40 in the ratio $3:5$. What is the larger share?`, answer: `\$25`, want: "ok"},
	{text: `Share \$40 in the ratio 3:5. What is the smaller share?`, answer: `\$25`, want: `\$15`},
	{text: `Ana y Ben se reparten \$60 en la razón 1:2. ¿Cuánto recibe Ana?`, answer: `\$20`, want: "ok"},
	{text: `Ana and Ben share \$40 in the ratio 3:5. How much more does Ben get than Ana?`, answer: `\$10`, want: "-"},
	{text: `Ana, Ben and Cal share \$60 in the ratio 1:2:3. How much does Cal get?`, answer: `\$30`, want: "-"},
	{text: `Ana and Ben share 10 sweets in the ratio 1:2. How many sweets does Ben get?`, answer: `7`, want: "-"},
	{text: `Ana and Ben share \$40 in the ratio 3:5. How much does Cal get?`, answer: `\$25`, want: "-"},
	{text: `Ana and Ben share \$40 in the ratio 3:5. How much does she get?`, answer: `\$25`, want: "-"},
	{text: `The ratio of boys to girls is 3:5. There are 40 students. How many girls are there?`, answer: `25`, want: "-"},
}

func TestStoryProblems(t *testing.T) {
	runRealistic(t, storyCases, 60)
}
